package io.causalstream.deploy.architecture;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.Source;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.causalstream.deploy.docs.ModuleGraph;
import io.causalstream.deploy.docs.RepositoryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One module's main classes as its build compiled them ({@code target/classes}), apart from every other module's:
 * a rule checked on them sees the packages of that module only. The modules are the poms' (see
 * {@link ModuleGraph}); a module without {@code src/main/java} has no classes to check.
 */
record ModuleClasses(String module, Path folder, JavaClasses compiled) {

    private static final Map<String, ModuleClasses> IMPORTED = new ConcurrentHashMap<>();

    /** The folders (relative to the repository root) of the modules that have main sources. */
    static List<String> modules() {
        Path root = RepositoryFiles.root();
        return ModuleGraph.declared(root).modules().stream()
                .filter(m -> Files.isDirectory(root.resolve(m).resolve("src/main/java")))
                .toList();
    }

    /**
     * The module's compiled main classes; fails when the build has not compiled it (run the reactor with -am). The
     * classes they use from elsewhere are not imported: the rules here look at the module's own classes only.
     */
    static ModuleClasses of(String module) {
        return IMPORTED.computeIfAbsent(module, m -> {
            Path folder = RepositoryFiles.root().resolve(m);
            Path classes = folder.resolve("target/classes");
            if (!Files.isDirectory(classes)) {
                throw new IllegalStateException(m + " has no target/classes: build it in the same reactor (-am)");
            }
            return new ModuleClasses(m, folder, ArchConfiguration.withThreadLocalScope(configuration -> {
                configuration.setResolveMissingDependenciesFromClassPath(false);
                return new ClassFileImporter().importPath(classes);
            }));
        });
    }

    /** The classes whose source file is under the module's {@code src/main/java}: not generated ones. */
    JavaClasses handWritten() {
        Path sources = folder.resolve("src/main/java");
        return compiled.that(DescribedPredicate.describe("written under " + sources, (JavaClass c) -> c.getSource()
                .flatMap(Source::getFileName)
                .map(file -> Files.isRegularFile(sources.resolve(c.getPackageName().replace('.', '/')).resolve(file)))
                .orElse(false)));
    }
}
