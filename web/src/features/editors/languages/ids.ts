// Monaco language ids, apart from the language modules so that the page's first chunk can name
// a language without loading its tokenizer, hover and fixes (which live in Monaco's chunk).
export const PROTO = "proto";
export const PROTOSCOPE = "protoscope";
export const TEXT_FORMAT = "textproto";
