package io.causalstream.fcm.io;

import io.causalstream.fcm.model.CognitiveMap;
import io.causalstream.fcm.model.Concept;
import io.causalstream.fcm.model.EdgeSupport;
import io.causalstream.fcm.model.MapEdge;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * A map as GraphML (opens in Gephi, yEd, Cytoscape, networkx): a directed graph, node attributes {@code label} and
 * {@code aliases}, edge attributes {@code weight} (double, in [-1, 1]), {@code sign} (+1, -1, or 0 for a fully
 * contradicted edge), {@code absweight} (for layouts that want positive weights), and the support counts
 * {@code passages}, {@code annotators}, {@code positive}, {@code negative}. Provenance stays in JSON.
 */
public final class GraphMl {

    static final String NS = "http://graphml.graphdrawing.org/xmlns";

    private record Key(String id, String domain, String name, String type) {
    }

    private static final List<Key> KEYS = List.of(
            new Key("label", "node", "label", "string"),
            new Key("aliases", "node", "aliases", "string"),
            new Key("weight", "edge", "weight", "double"),
            new Key("sign", "edge", "sign", "int"),
            new Key("absweight", "edge", "absweight", "double"),
            new Key("passages", "edge", "passages", "int"),
            new Key("annotators", "edge", "annotators", "int"),
            new Key("positive", "edge", "positive", "int"),
            new Key("negative", "edge", "negative", "int"));

    public static void write(CognitiveMap map, Writer out) throws IOException {
        try {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("graphml");
            x.writeDefaultNamespace(NS);
            x.writeCharacters("\n");
            for (Key k : KEYS) {
                x.writeEmptyElement("key");
                x.writeAttribute("id", k.id());
                x.writeAttribute("for", k.domain());
                x.writeAttribute("attr.name", k.name());
                x.writeAttribute("attr.type", k.type());
                x.writeCharacters("\n");
            }
            x.writeStartElement("graph");
            x.writeAttribute("id", map.id());
            x.writeAttribute("edgedefault", "directed");
            x.writeCharacters("\n");
            for (Concept c : map.concepts()) {
                x.writeStartElement("node");
                x.writeAttribute("id", c.id());
                data(x, "label", c.label());
                if (!c.aliases().isEmpty()) {
                    data(x, "aliases", String.join("|", c.aliases()));
                }
                x.writeEndElement();
                x.writeCharacters("\n");
            }
            int n = 0;
            for (MapEdge e : map.edges()) {
                x.writeStartElement("edge");
                x.writeAttribute("id", "e" + n++);
                x.writeAttribute("source", e.source());
                x.writeAttribute("target", e.target());
                data(x, "weight", Double.toString(e.weight()));
                data(x, "sign", Integer.toString((int) Math.signum(e.weight())));
                data(x, "absweight", Double.toString(Math.abs(e.weight())));
                EdgeSupport s = e.support();
                if (!s.equals(EdgeSupport.NONE)) {
                    data(x, "passages", Integer.toString(s.passages()));
                    data(x, "annotators", Integer.toString(s.annotators()));
                    data(x, "positive", Integer.toString(s.positive()));
                    data(x, "negative", Integer.toString(s.negative()));
                }
                x.writeEndElement();
                x.writeCharacters("\n");
            }
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.flush();
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    public static String write(CognitiveMap map) {
        StringWriter s = new StringWriter();
        try {
            write(map, s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return s.toString();
    }

    private static void data(XMLStreamWriter x, String key, String value) throws XMLStreamException {
        x.writeStartElement("data");
        x.writeAttribute("key", key);
        x.writeCharacters(value);
        x.writeEndElement();
    }

    /**
     * Reads a GraphML graph: nodes by id (label from a key named {@code label}), edges with the weight from a key named
     * {@code weight} (1 when absent: an unweighted GraphML), support counts when present. A weight outside [-1, 1]
     * is an error.
     */
    public static CognitiveMap read(InputStream in) throws IOException {
        Document doc;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder b = f.newDocumentBuilder();
            // errors become the exception below, not lines on stderr
            b.setErrorHandler(new org.xml.sax.helpers.DefaultHandler() {
                @Override
                public void fatalError(org.xml.sax.SAXParseException e) throws SAXException {
                    throw e;
                }

                @Override
                public void error(org.xml.sax.SAXParseException e) throws SAXException {
                    throw e;
                }
            });
            doc = b.parse(in);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not GraphML: " + e.getMessage(), e);
        }
        Map<String, String> keyNames = new HashMap<>();
        NodeList keys = doc.getElementsByTagNameNS("*", "key");
        for (int i = 0; i < keys.getLength(); i++) {
            Element k = (Element) keys.item(i);
            keyNames.put(k.getAttribute("id"), k.hasAttribute("attr.name") ? k.getAttribute("attr.name")
                    : k.getAttribute("id"));
        }
        NodeList graphs = doc.getElementsByTagNameNS("*", "graph");
        if (graphs.getLength() == 0) {
            throw new IOException("no <graph> element");
        }
        Element graph = (Element) graphs.item(0);
        CognitiveMap.Builder map = CognitiveMap.builder(graph.hasAttribute("id") ? graph.getAttribute("id") : "map");
        NodeList nodes = graph.getElementsByTagNameNS("*", "node");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element node = (Element) nodes.item(i);
            Map<String, String> data = data(node, keyNames);
            String id = node.getAttribute("id");
            List<String> aliases = data.containsKey("aliases") && !data.get("aliases").isEmpty()
                    ? Arrays.asList(data.get("aliases").split("\\|")) : List.of();
            map.concept(new Concept(id, data.getOrDefault("label", id), aliases));
        }
        NodeList edges = graph.getElementsByTagNameNS("*", "edge");
        for (int i = 0; i < edges.getLength(); i++) {
            Element edge = (Element) edges.item(i);
            Map<String, String> data = data(edge, keyNames);
            double w;
            try {
                w = Double.parseDouble(data.getOrDefault("weight", "1"));
            } catch (NumberFormatException e) {
                throw new IOException("edge " + edge.getAttribute("source") + " -> " + edge.getAttribute("target")
                        + ": weight is not a number", e);
            }
            EdgeSupport support = data.containsKey("passages")
                    ? new EdgeSupport(integer(data, "passages"), integer(data, "annotators"),
                            integer(data, "positive"), integer(data, "negative"), 0, 0)
                    : EdgeSupport.NONE;
            try {
                map.edge(new MapEdge(edge.getAttribute("source"), edge.getAttribute("target"), w, support, List.of()));
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        try {
            return map.build();
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static Map<String, String> data(Element owner, Map<String, String> keyNames) {
        Map<String, String> out = new HashMap<>();
        List<Element> children = new ArrayList<>();
        for (org.w3c.dom.Node c = owner.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element e && "data".equals(e.getLocalName())) {
                children.add(e);
            }
        }
        for (Element d : children) {
            out.put(keyNames.getOrDefault(d.getAttribute("key"), d.getAttribute("key")), d.getTextContent().strip());
        }
        return out;
    }

    private static int integer(Map<String, String> data, String key) {
        try {
            return Integer.parseInt(data.getOrDefault(key, "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private GraphMl() {
    }
}
