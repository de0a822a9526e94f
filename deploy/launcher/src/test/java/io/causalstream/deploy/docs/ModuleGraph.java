package io.causalstream.deploy.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.SortedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The module graph twice: as docs/architecture.md draws it (the Mermaid block under "## Modules") and as the poms
 * declare it. A module is a pom without {@code <modules>}, named by its folder; an arrow is a dependency on another
 * module of this repository outside the test scope.
 */
public record ModuleGraph(SortedSet<String> modules, SortedSet<String> arrows) {

    private static final String GROUP = "io.causalstream";
    private static final Pattern NODE = Pattern.compile("^\\s*(\\w+)\\[\"([^\"]*)\"\\]\\s*$");
    private static final Pattern ARROW = Pattern.compile("^\\s*(\\w+)\\s*-->\\s*(.+)$");
    private static final Pattern SUBGRAPH = Pattern.compile("^\\s*subgraph\\s+(\\S+)\\s*$");

    /** The graph drawn in the first Mermaid block after the "## Modules" heading of the page. */
    static ModuleGraph drawn(String page) {
        int heading = page.indexOf("\n## Modules\n");
        if (heading < 0) {
            throw new IllegalArgumentException("no '## Modules' section");
        }
        int open = page.indexOf("```mermaid\n", heading);
        int close = page.indexOf("\n```", open + 1);
        if (open < 0 || close < 0) {
            throw new IllegalArgumentException("no Mermaid block under '## Modules'");
        }
        Map<String, String> pathOf = new HashMap<>();
        List<String[]> edges = new ArrayList<>();
        Deque<String> folders = new ArrayDeque<>();
        for (String line : page.substring(open, close).split("\n")) {
            Matcher m;
            if ((m = SUBGRAPH.matcher(line)).matches()) {
                folders.addLast(m.group(1));
            } else if (line.strip().equals("end")) {
                folders.removeLast();
            } else if ((m = NODE.matcher(line)).matches()) {
                String name = m.group(2).split("<br/>", 2)[0].strip();
                pathOf.put(m.group(1), folders.isEmpty() ? name : String.join("/", folders) + "/" + name);
            } else if ((m = ARROW.matcher(line)).matches()) {
                for (String to : m.group(2).split("&")) {
                    edges.add(new String[] {m.group(1), to.strip()});
                }
            }
        }
        SortedSet<String> arrows = new TreeSet<>();
        for (String[] e : edges) {
            arrows.add(resolve(pathOf, e[0]) + " -> " + resolve(pathOf, e[1]));
        }
        return new ModuleGraph(new TreeSet<>(pathOf.values()), arrows);
    }

    /** The graph the poms under root declare (folders named target are build output, not modules). */
    public static ModuleGraph declared(Path root) {
        Map<String, String> pathOf = new HashMap<>();
        Map<String, List<String>> dependsOn = new HashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path pom : files.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> !root.relativize(p).toString().matches("(.*/)?(target|\\.[^/]*)/.*")).toList()) {
                Element project = parse(pom);
                if (child(project, "modules").isPresent()) {
                    continue;
                }
                String artifact = text(project, "artifactId");
                String folder = root.relativize(pom.getParent()).toString().replace('\\', '/');
                pathOf.put(artifact, folder);
                List<String> deps = new ArrayList<>();
                child(project, "dependencies").ifPresent(all -> children(all, "dependency").forEach(d -> {
                    String scope = child(d, "scope").map(Node::getTextContent).orElse("compile").strip();
                    if (GROUP.equals(text(d, "groupId")) && !scope.equals("test")) {
                        deps.add(text(d, "artifactId"));
                    }
                }));
                dependsOn.put(artifact, deps);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SortedSet<String> arrows = new TreeSet<>();
        dependsOn.forEach((from, deps) -> deps.forEach(to ->
                arrows.add(resolve(pathOf, from) + " -> " + resolve(pathOf, to))));
        return new ModuleGraph(new TreeSet<>(pathOf.values()), arrows);
    }

    private static String resolve(Map<String, String> pathOf, String name) {
        String path = pathOf.get(name);
        if (path == null) {
            throw new IllegalArgumentException("an arrow names '" + name + "', which is no module");
        }
        return path;
    }

    private static Element parse(Path pom) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + pom, e);
        }
    }

    private static Optional<Element> child(Element parent, String name) {
        return children(parent, name).stream().findFirst();
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                found.add(e);
            }
        }
        return found;
    }

    private static String text(Element parent, String name) {
        return child(parent, name).map(Node::getTextContent).map(String::strip)
                .orElseThrow(() -> new IllegalArgumentException("no <" + name + "> in " + parent.getTagName()));
    }
}
