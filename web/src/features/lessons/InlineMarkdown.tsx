// A line of lesson text (a check's message, a hint) with its inline Markdown rendered (`code`,
// **bold**, links) and no block elements: what a lesson writes in backticks shows as code, not as
// backticks.
import ReactMarkdown from "react-markdown";

const INLINE = ["code", "strong", "em", "a", "del"];

export function InlineMarkdown({ text }: { text: string }) {
  return (
    <ReactMarkdown allowedElements={INLINE} unwrapDisallowed components={{ a: ({ href, children }) => <a href={href} target="_blank" rel="noreferrer noopener">{children}</a> }}>
      {text}
    </ReactMarkdown>
  );
}
