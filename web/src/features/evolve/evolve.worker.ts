// The Evolve panel's Worker: two compiles, buf's four categories and the reader's view, off the page.
import { serve } from "../../rpc/server.ts";
import { evolveCommands } from "./commands.ts";

serve(evolveCommands);
