package io.causalstream.extractor.llm;

import io.causalstream.extractor.cache.ResultCache;
import io.causalstream.extractor.prompt.PromptFormat;
import io.causalstream.extractor.prompt.PromptLibrary;
import java.nio.file.Path;

/**
 * Settings shared by the LLM backends (openai, djl): how to prompt, how to run, how to cache. Read by
 * {@link io.causalstream.extractor.backend.choice.BackendConfig}.
 *
 * <table>
 *   <caption>LLM settings</caption>
 *   <tr><th>key</th><th>environment variable</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>extractor.prompt.format</td><td>EXTRACTOR_PROMPT_FORMAT</td><td>three-shot</td><td>triplet-instruct
 *       (appendix E, for the paper's fine-tuned models), zero-shot, three-shot (appendix F), json</td></tr>
 *   <tr><td>extractor.prompt.examples</td><td>EXTRACTOR_PROMPT_EXAMPLES</td><td>(the paper's three)</td><td>JSONL
 *       file of few-shot examples {@code {"text", "triplets":[{"subject","object","relation"}]}}</td></tr>
 *   <tr><td>extractor.mode</td><td>EXTRACTOR_MODE</td><td>single</td><td>single: one call per passage; staged:
 *       the five calls of EmpiriGraph 5.1</td></tr>
 *   <tr><td>extractor.annotator.id</td><td>EXTRACTOR_ANNOTATOR_ID</td><td>model name + "-" + format</td><td>the
 *       annotator id, hence the annotationId of every extraction</td></tr>
 *   <tr><td>extractor.cache.enabled</td><td>EXTRACTOR_CACHE_ENABLED</td><td>true</td><td>reuse successful model
 *       outputs for the same (text, prompt, model, parameters)</td></tr>
 *   <tr><td>extractor.cache.dir</td><td>EXTRACTOR_CACHE_DIR</td><td>{@code <state.dir>/result-cache}, or memory
 *       only without state.dir</td><td>where cached outputs persist across restarts</td></tr>
 *   <tr><td>extractor.cache.max.entries</td><td>EXTRACTOR_CACHE_MAX_ENTRIES</td><td>10000</td><td>entries kept in
 *       memory</td></tr>
 * </table>
 */
public record LlmSettings(PromptFormat format, Path examples, LlmExtractor.Mode mode, String annotatorId,
                          boolean cacheEnabled, Path cacheDir, int cacheMaxEntries) {

    public static final String FORMAT = "extractor.prompt.format";
    public static final String EXAMPLES = "extractor.prompt.examples";
    public static final String MODE = "extractor.mode";
    public static final String ANNOTATOR_ID = "extractor.annotator.id";
    public static final String CACHE_ENABLED = "extractor.cache.enabled";
    public static final String CACHE_DIR = "extractor.cache.dir";
    public static final String CACHE_MAX_ENTRIES = "extractor.cache.max.entries";

    public PromptLibrary promptLibrary() {
        return examples == null ? PromptLibrary.defaults() : PromptLibrary.withExamples(examples);
    }

    public ResultCache cache() {
        return cacheEnabled ? new ResultCache(cacheDir, cacheMaxEntries) : ResultCache.disabled();
    }
}
