// A line-up decoder's Worker: each decoder of the line-up runs in a Worker of its own, so a slow or
// stuck library never holds up the others or the page.
import { serve } from "../../rpc/server.ts";
import { lineupCommands } from "./commands.ts";

serve(lineupCommands);
