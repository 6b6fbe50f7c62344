// The engine functions the web app calls, behind one seam: the runner, the problems list, the
// readings panel and the editors import from here, so an engine signature change is fixed in one
// place. Every result the app shows is computed by these engine functions, never in web/.
export { runWorkspace, createWorkspaceCache, pendingAssembly, advanceAssembly, applyFixToWorkspace, type WorkspaceCache } from "../../../../engine/workspace/index.ts";
export { readings, type Reading } from "../../../../engine/protoscope/readings.ts";
export { explainByte, explanationSummary, type Explanation } from "../../../../engine/explain/index.ts";
export { closestName } from "../../../../engine/schema/message-names.ts";
