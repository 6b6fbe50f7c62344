/**
 * A line diff for "Show solution": the learner's attempt beside the solution, lines marked as
 * kept, only in the attempt, or only in the solution. Longest common subsequence over lines;
 * exercise files are a few dozen lines, so the quadratic table costs nothing.
 */
export type DiffLine = { kind: "same" | "attempt" | "solution"; text: string };

export function lineDiff(attempt: string, solution: string): DiffLine[] {
  const a = attempt.replace(/\n$/, "").split("\n");
  const b = solution.replace(/\n$/, "").split("\n");
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ kind: "attempt", text: a[i++]! });
    else out.push({ kind: "solution", text: b[j++]! });
  }
  while (i < n) out.push({ kind: "attempt", text: a[i++]! });
  while (j < m) out.push({ kind: "solution", text: b[j++]! });
  return out;
}
