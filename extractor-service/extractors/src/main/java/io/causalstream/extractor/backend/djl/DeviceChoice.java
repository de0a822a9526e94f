package io.causalstream.extractor.backend.djl;

/** Which device a model runs on: the GPU when one is there (or demanded), the CPU otherwise. */
public final class DeviceChoice {

    /**
     * @param setting  auto, gpu or cpu
     * @param gpuCount GPUs the engine sees
     * @return "gpu" or "cpu"
     * @throws IllegalArgumentException when a GPU is demanded and there is none: silently running a 7B model on
     *                                  the CPU would look like a hang
     */
    public static String choose(String setting, int gpuCount) {
        return switch (setting) {
            case "cpu" -> "cpu";
            case "gpu" -> {
                if (gpuCount < 1) {
                    throw new IllegalArgumentException("extractor.djl.device=gpu but the engine sees no GPU (a CUDA "
                            + "build of the native library is needed: build with -Pgpu)");
                }
                yield "gpu";
            }
            default -> gpuCount > 0 ? "gpu" : "cpu";
        };
    }

    private DeviceChoice() {
    }
}
