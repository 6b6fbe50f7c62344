/** A Node worker thread that holds one benchmark case: wires the isolate handler to the port. */
import { parentPort } from "node:worker_threads";
import { createIsolate } from "../../bench/isolate.ts";
import type { BenchRequest } from "../../bench/protocol.ts";

const isolate = createIsolate();
const port = parentPort!;
port.on("message", (req: BenchRequest) => {
  void isolate.handle(req).then((res) => port.postMessage(res));
});
