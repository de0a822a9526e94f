package io.causalstream.fcm.analysis;

/**
 * Eden et al. (1992) and Özesmi and Özesmi (2004): a TRANSMITTER (driver) only acts on others (outdegree &gt; 0,
 * indegree 0), a RECEIVER only is acted on (indegree &gt; 0, outdegree 0), an ORDINARY concept does both; ISOLATED
 * has neither (only in hand-made or imported maps).
 */
public enum ConceptRole { TRANSMITTER, RECEIVER, ORDINARY, ISOLATED }
