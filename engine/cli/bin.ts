/** Entry point of the `wirelab` process (bin/wirelab.mjs loads this, bundled or through tsx). */
import { main } from "./main.ts";

process.exitCode = await main(process.argv.slice(2));
