// What the Layout Worker answers (the page runs the same table when no Worker can start):
// compiling the schema and laying out a type is engine work, kept off the page's thread.
import { workspaceLayouts, type WorkspaceLayouts } from "../../../../engine/layout/index.ts";

export const layoutCommands = {
  /** Every API level's struct for the type, and with bytes the allocations of decoding them. */
  layouts: (input: { files: Record<string, string>; type: string | undefined; bytes: Uint8Array | undefined }): WorkspaceLayouts =>
    workspaceLayouts(input.files, input.type, input.bytes),
};
