import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["engine/**/*.test.ts", "lessons/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts", "fuzz/**/*.test.ts"],
    environment: "node",
    // Differential tests spawn the reference tools; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
