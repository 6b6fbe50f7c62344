// The Sizes panel's Worker: brotli at quality 11 takes about 20 ms even for a few kilobytes and
// seconds for megabytes, so it never runs on the page's thread when a Worker exists.
import { serve } from "../../rpc/server.ts";
import { sizesCommands } from "./commands.ts";

serve(sizesCommands);
