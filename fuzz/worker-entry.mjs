// A Worker's entry point must be JavaScript in Node 20 (its --import hooks come too late for
// the entry itself): register tsx, then load the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
