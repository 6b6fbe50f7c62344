// The Layout panel's Worker.
import { serve } from "../../rpc/server.ts";
import { layoutCommands } from "./commands.ts";

serve(layoutCommands);
