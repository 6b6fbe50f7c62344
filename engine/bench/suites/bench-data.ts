/**
 * The messages of the lazy, reflect and pool suites, built deterministically from the schema in
 * schemas/bench.proto, compiled at run time by the engine (so @bufbuild/protobuf and the engine's
 * codec walk descriptors, while ts-proto and protobufjs run code generated from the same file).
 */
import { create, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { compile } from "../../schema/index.ts";
import { concatBytes } from "../../wire/bytes.ts";
import { BENCH_PROTO, BENCH_PROTO_NAME } from "./generated/bench-proto.ts";

export interface BenchSchema {
  logEntry: DescMessage;
  rowsResponse: DescMessage;
}

/** Compiles bench.proto with the engine; each caller (isolate) compiles its own. */
export function benchSchema(): BenchSchema {
  const result = compile({ [BENCH_PROTO_NAME]: BENCH_PROTO });
  const registry = result.registry;
  if (!registry || result.diagnostics.some((d) => d.severity === "error")) {
    throw new Error(`bench.proto does not compile: ${result.diagnostics.map((d) => d.message).join("; ")}`);
  }
  const get = (name: string) => {
    const m = registry.getMessage(name);
    if (!m) throw new Error(`bench.proto has no message ${name}`);
    return m;
  };
  return { logEntry: get("wirelab.bench.LogEntry"), rowsResponse: get("wirelab.bench.RowsResponse") };
}

/** A log entry whose request/response subtree is most of its bytes (762 bytes in all). */
export function logEntryInit(): Record<string, unknown> {
  const header = (i: number) => ({ name: `x-header-${i}`, value: `value-${i * 7919}` });
  return {
    backendServer: "backend-42.eu-west.example.net",
    timestampNs: 1734307200123456789n,
    status: 200,
    request: {
      method: "GET",
      url: "/api/v1/orders?customer=1234&page=2",
      headers: Array.from({ length: 8 }, (_, i) => header(i)),
      client: {
        ip: "203.0.113.17",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Wirelab/1.0",
        geo: { country: "NL", city: "Amsterdam", latitude: 52.37, longitude: 4.89 },
      },
      spans: Array.from({ length: 4 }, (_, i) => ({
        name: `span-${i}`,
        startNs: 1734307200123456789n + BigInt(i * 1000),
        durationNs: BigInt(500 + i * 37),
        attributes: Array.from({ length: 3 }, (_, j) => ({ key: `k${j}`, value: `v${i}-${j}` })),
      })),
    },
    response: { code: 200, size: 48213n, headers: Array.from({ length: 4 }, (_, i) => header(100 + i)) },
  };
}

/** A batch of rows like a Vitess stream: 5 typed fields, `rows` rows of packed cell values. */
export function rowsResponseInit(rows = 100): Record<string, unknown> {
  const names = ["id", "customer", "email", "balance", "note"];
  const types = [1, 2, 2, 4, 3];
  return {
    fields: names.map((name, i) => ({ name, type: types[i], table: "orders", columnLength: 20 + i, flags: i })),
    rows: Array.from({ length: rows }, (_, r) => {
      const cells = [String(100000 + r), `customer-${r % 37}`, `user${r}@example.com`, (r * 3.25).toFixed(2), r % 5 === 0 ? "" : `note ${r}`];
      const encoded = cells.map((c) => new TextEncoder().encode(c));
      return { lengths: encoded.map((b, i) => (i === 4 && r % 5 === 0 ? -1n : BigInt(b.length))), values: concatBytes(encoded) };
    }),
    gtid: "MySQL56/3e11fa47-71ca-11e1-9e33-c80aa9429562:1-56",
    throttled: false,
  };
}

/** A message of `desc` built by @bufbuild/protobuf from a plain init. */
export function make(desc: DescMessage, init: Record<string, unknown>): MessageShape<DescMessage> {
  return create(desc, init as never);
}
