// A benchmark isolate: one Worker per (case, implementation), so one library's JIT feedback and
// garbage never reach another's figures. Nothing but the command table.
import { serve } from "../../rpc/server.ts";
import { createBenchCommands } from "./commands.ts";

serve(createBenchCommands());
