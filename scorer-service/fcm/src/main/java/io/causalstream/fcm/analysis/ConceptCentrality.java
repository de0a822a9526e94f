package io.causalstream.fcm.analysis;

/**
 * One concept's degrees as in Özesmi and Özesmi (2004): indegree = Σ_j |w_ji| (the column sum of absolute weights),
 * outdegree = Σ_j |w_ij| (the row sum), centrality = indegree + outdegree.
 */
public record ConceptCentrality(String concept, String label, double indegree, double outdegree, double centrality,
        ConceptRole role) {
}
