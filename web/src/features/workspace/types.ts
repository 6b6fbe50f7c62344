/** Which input is the source of the bytes shown. */
export type InputMode = "protoscope" | "textformat" | "bytes";

/** Everything a learner can edit; what a share link and autosave carry. */
export interface Workspace {
  /** The schema (one `.proto` file, named `schema.proto` in diagnostics). */
  schema: string;
  /** Protoscope text, the source of the bytes in "protoscope" mode. */
  protoscope: string;
  /** A text-format message, the source of the bytes in "textformat" mode. */
  message: string;
  /** Fully-qualified name of the message type (e.g. "log.LogEntry"); "" for none. */
  messageType: string;
  /** Raw bytes, the source in "bytes" mode (pasted hex/base64 or an opened file). */
  bytes: Uint8Array;
  mode: InputMode;
}

/** The file name the schema has in diagnostics and in compile(). */
export const SCHEMA_FILE = "schema.proto";

export const EMPTY_WORKSPACE: Workspace = {
  schema: "",
  protoscope: "",
  message: "",
  messageType: "",
  bytes: new Uint8Array(0),
  mode: "protoscope",
};
