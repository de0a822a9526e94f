#!/usr/bin/python3
"""Publishes a passage and reads back what the services made of it, as a client in another language would: Python
with Debian's python3-confluent-kafka (librdkafka) and python3-avro, the registry's Confluent API, no project code.

  /usr/bin/python3 deploy/clients/python/scored_graph_roundtrip.py \\
      --bootstrap-servers localhost:9092 --registry http://localhost:8085/apis/ccompat/v7 \\
      --text 'Drought reduces crop yields.'

1. registers the passage schema (the contract's Passage.avsc) under the subject `passages-value` (TopicNameStrategy;
   the registry answers the existing id when it holds the schema already) and publishes one passage keyed by its
   id, the value in the Confluent wire format: magic byte 0, the schema id (4 bytes, big-endian), the Avro binary
   body; partitioned as Java's producer does (murmur2), since the services join topics by passage id;
2. reads `extractions` and `scored-graphs` (keyed by passage id) and `causal-maps` (keyed by map id, `all` by
   default) from the beginning, until it has the passage's extraction, the scored graph of that extraction and a
   map whose edges name the passage in their provenance;
3. decodes every value it needs with one `GET /schemas/ids/{id}` per schema id, read with a plain Avro parser:
   a schema that names references fails the run (the services register self-contained schemas).

It prints one JSON line per record (sorted keys): the published passage, then the extraction, the scored graph and
the map. It exits 0 when all three were read, 1 with a message on stderr when one did not come within --timeout
seconds or anything failed, 2 on a usage error. Only Debian's packages: apt-get install python3-confluent-kafka
python3-avro (bookworm: confluent-kafka 1.7.0, Avro 1.11; the plain Producer and Consumer, not the
schema_registry module).
"""
import argparse
import datetime
import io
import json
import pathlib
import struct
import sys
import time
import urllib.error
import urllib.request
import uuid

import avro.errors
import avro.io
import avro.schema
from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition, OFFSET_BEGINNING

PASSAGES, EXTRACTIONS, SCORED_GRAPHS, CAUSAL_MAPS = "passages", "extractions", "scored-graphs", "causal-maps"
MAGIC = 0
DEFAULT_SCHEMA = pathlib.Path(__file__).resolve().parents[3] / "schemas/src/main/avro/passage/Passage.avsc"


class Failure(Exception):
    """A failure the run reports on stderr, exiting 1."""


class Registry:
    """The Confluent Schema Registry API: registers the writer's schema, fetches a schema by id (once per id)."""

    def __init__(self, url):
        self.url = url.rstrip("/")
        self.by_id = {}

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/vnd.schemaregistry.v1+json",
                                                  "Accept": "application/vnd.schemaregistry.v1+json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as e:
            raise Failure(f"registry {method} {path}: HTTP {e.code} {e.read().decode('utf-8', 'replace')}") from e
        except (urllib.error.URLError, OSError) as e:
            raise Failure(f"registry {method} {path}: {e}") from e

    def register(self, subject, schema_text):
        return self._call("POST", f"/subjects/{subject}/versions", {"schema": schema_text})["id"]

    def schema(self, schema_id):
        if schema_id not in self.by_id:
            answer = self._call("GET", f"/schemas/ids/{schema_id}")
            if answer.get("references"):
                raise Failure(f"schema {schema_id} names references {answer['references']}: this client reads "
                              "self-contained schemas only (one lookup per id)")
            if answer.get("schemaType", "AVRO") != "AVRO":
                raise Failure(f"schema {schema_id} is {answer['schemaType']}, not Avro")
            self.by_id[schema_id] = avro.schema.parse(answer["schema"])
        return self.by_id[schema_id]


def encode(schema_id, schema, value):
    body = io.BytesIO()
    avro.io.DatumWriter(schema).write(value, avro.io.BinaryEncoder(body))
    return struct.pack(">bI", MAGIC, schema_id) + body.getvalue()


def decode(registry, topic, data):
    if len(data) < 5 or data[0] != MAGIC:
        raise Failure(f"a record on {topic} is not in the Confluent wire format (first byte {data[:1]!r})")
    schema_id = struct.unpack(">I", data[1:5])[0]
    schema = registry.schema(schema_id)
    return schema_id, avro.io.DatumReader(schema).read(avro.io.BinaryDecoder(io.BytesIO(data[5:])))


def kafka_config(args, extra):
    config = {"bootstrap.servers": args.bootstrap_servers}
    for setting in args.kafka_config:
        key, sep, value = setting.partition("=")
        if not sep:
            raise Failure(f"--kafka-config {setting}: expected KEY=VALUE (a librdkafka setting)")
        config[key] = value
    config.update(extra)
    return config


def publish(args, registry):
    schema_text = args.passage_schema.read_text(encoding="utf-8")
    schema_id = registry.register(f"{PASSAGES}-value", schema_text)
    passage = {"id": args.id, "text": args.text, "documentId": None, "url": None, "title": args.title,
               "metadata": {"client": "python"}, "publishedAt": datetime.datetime.now(datetime.timezone.utc)}
    value = encode(schema_id, avro.schema.parse(schema_text), passage)
    delivered = []
    # the partition of a key as Java's producer picks it (librdkafka's default hashes with CRC32): the services
    # join topics by passage id, so a passage must land on the partition of its extractions and scored graphs
    producer = Producer(kafka_config(args, {"acks": "all", "enable.idempotence": True,
                                            "partitioner": "murmur2_random"}))
    producer.produce(PASSAGES, key=args.id.encode("utf-8"), value=value,
                     on_delivery=lambda err, msg: delivered.append((err, msg)))
    if producer.flush(args.timeout) > 0 or not delivered:
        raise Failure(f"the passage was not delivered to {PASSAGES} within {args.timeout:g} s")
    err, msg = delivered[0]
    if err is not None:
        raise Failure(f"publishing to {PASSAGES} failed: {err}")
    return {"topic": PASSAGES, "key": args.id, "partition": msg.partition(), "offset": msg.offset(),
            "schemaId": schema_id, "textLength": len(args.text)}


def read_back(args, registry):
    """Reads the three topics from the beginning until the passage's extraction, its scored graph and a map with it."""
    consumer = Consumer(kafka_config(args, {"group.id": f"python-roundtrip-{uuid.uuid4()}",
                                            "enable.auto.commit": False, "isolation.level": "read_committed",
                                            "auto.offset.reset": "earliest"}))
    try:
        metadata = consumer.list_topics(timeout=10)
        partitions = []
        for topic in (EXTRACTIONS, SCORED_GRAPHS, CAUSAL_MAPS):
            if topic not in metadata.topics or metadata.topics[topic].error is not None:
                raise Failure(f"topic {topic} does not exist on {args.bootstrap_servers}")
            partitions += [TopicPartition(topic, p, OFFSET_BEGINNING) for p in metadata.topics[topic].partitions]
        consumer.assign(partitions)  # no group to join: every partition from its first record
        extraction, scored_graph, causal_map = None, None, None
        scored = []  # the passage's scored graphs, until its extraction says which annotation to look for
        deadline = time.monotonic() + args.timeout
        while extraction is None or scored_graph is None or causal_map is None:
            if time.monotonic() > deadline:
                annotation = "its extraction's" if extraction is None else extraction["annotationId"]
                missing = [what for what, line in (
                    (f"{EXTRACTIONS} (key {args.id})", extraction),
                    (f"{SCORED_GRAPHS} (key {args.id}, annotation {annotation})", scored_graph),
                    (f"{CAUSAL_MAPS} (map {args.map} with an edge of the passage)", causal_map)) if line is None]
                raise Failure(f"timed out after {args.timeout:g} s waiting for passage {args.id} on "
                              + "; ".join(missing))
            msg = consumer.poll(0.2)
            if msg is None:
                continue
            if msg.error():
                raise Failure(f"reading {msg.topic()}: {msg.error()}")
            topic, key = msg.topic(), (msg.key() or b"").decode("utf-8", "replace")
            if msg.value() is None or key != (args.map if topic == CAUSAL_MAPS else args.id):
                continue
            schema_id, value = decode(registry, topic, msg.value())
            where = {"topic": topic, "key": key, "partition": msg.partition(), "offset": msg.offset(),
                     "schemaId": schema_id}
            if topic == EXTRACTIONS and extraction is None:
                extraction = dict(where, annotationId=value["annotationId"], annotator=value["annotator"]["id"],
                                  kind=value["annotator"]["kind"], triples=len(value["triples"]))
            elif topic == SCORED_GRAPHS:
                states = [edge["validation"] for edge in value["edges"]]
                scored.append(dict(where, annotationId=value["annotationId"], edges=len(states),
                                   validated=states.count("VALIDATED"), gold=value["goldAnnotationId"]))
            elif topic == CAUSAL_MAPS and causal_map is None:
                mine = [edge for edge in value["edges"] if any(e["passageId"] == args.id for e in edge["provenance"])]
                if mine:
                    causal_map = dict(where, mapId=value["mapId"], concepts=len(value["concepts"]),
                                      edges=len(value["edges"]), passageEdges=len(mine))
            if extraction is not None and scored_graph is None:
                scored_graph = next((g for g in scored if g["annotationId"] == extraction["annotationId"]), None)
        return [extraction, scored_graph, causal_map]
    except KafkaException as e:
        raise Failure(f"Kafka: {e}") from e
    finally:
        consumer.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bootstrap-servers", default="localhost:9092")
    parser.add_argument("--registry", default="http://localhost:8085/apis/ccompat/v7",
                        help="the registry's Confluent API (Apicurio: <root>/apis/ccompat/v7)")
    parser.add_argument("--id", default=None, help="passage id and record key (default: python-<random>)")
    parser.add_argument("--text", default="Heavy rainfall leads to flooding. Flooding reduces crop yields.")
    parser.add_argument("--title", default=None)
    parser.add_argument("--map", default="all", help="the causal map to look for the passage in (default: all)")
    parser.add_argument("--passage-schema", type=pathlib.Path, default=DEFAULT_SCHEMA,
                        help="the contract's passage schema (default: the repository's Passage.avsc)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds to wait for the delivery, then for the records (default: 60)")
    parser.add_argument("--kafka-config", action="append", default=[], metavar="KEY=VALUE",
                        help="a librdkafka setting for producer and consumer (e.g. security.protocol=SASL_SSL)")
    args = parser.parse_args(argv)
    args.id = args.id or f"python-{uuid.uuid4().hex[:12]}"
    try:
        registry = Registry(args.registry)
        print(json.dumps(publish(args, registry), sort_keys=True), flush=True)
        for line in read_back(args, registry):
            print(json.dumps(line, sort_keys=True), flush=True)
        return 0
    except Failure as e:
        print(f"scored_graph_roundtrip: {e}", file=sys.stderr)
        return 1
    except (OSError, avro.errors.AvroException, KafkaException) as e:
        print(f"scored_graph_roundtrip: {type(e).__name__}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
