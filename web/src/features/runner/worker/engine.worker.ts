// The engine Worker: the shared command table behind the app's one RPC.
import { serve } from "../../../rpc/server.ts";
import { createEngineCommands } from "./commands.ts";

serve(createEngineCommands());
