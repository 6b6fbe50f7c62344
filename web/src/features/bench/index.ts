// What lessons and other features use of the Bench panel: the component (a suite, optional cases
// and an optional message as props) and the names of the suites it can run.
export { BenchPanel, type BenchPanelProps } from "./BenchPanel.tsx";
export { suiteNames as benchSuiteNames } from "../../../../engine/bench/suites/index.ts";
