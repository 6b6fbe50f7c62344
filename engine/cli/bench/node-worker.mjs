// Entry of a benchmark isolate in Node: a worker thread needs tsx's loader registered in its
// own thread before it can import the engine's TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./node-worker.ts");
