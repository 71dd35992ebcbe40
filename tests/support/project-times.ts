import type { TestModule, TestSpecification } from 'vitest/node';
import type { Reporter } from 'vitest/reporters';

/**
 * `npm test`'s closing lines (vitest.config.ts): the Node it ran on, and the time per project.
 * A project's wall time runs from its first file's start to its last file's end (projects overlap
 * except the journeys, which run last); busy time adds up its files' own times (imports, setup and
 * tests), across both workers. `SHUTTLE_SLOWEST=<n>` also lists the n slowest files.
 * docs/TESTING.md records the figures.
 */
export default class ProjectTimes implements Reporter {
  private runStart = 0;
  private firstFile = 0;
  private readonly started = new Map<string, number>();
  private readonly files: {
    project: string;
    file: string;
    start: number;
    end: number;
    tests: number;
    failed: number;
  }[] = [];

  onInit(): void {
    console.log(`${process.env.npm_lifecycle_event ?? 'vitest'}: node ${process.version} (${process.execPath})`);
  }

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>): void {
    this.runStart = Date.now();
  }

  onTestModuleQueued(module: TestModule): void {
    const now = Date.now();
    this.firstFile ||= now;
    this.started.set(module.id, now);
  }

  onTestModuleEnd(module: TestModule): void {
    this.files.push({
      project: module.project.name || 'root',
      file: module.moduleId,
      start: this.started.get(module.id) ?? Date.now(),
      end: Date.now(),
      tests: [...module.children.allTests()].length,
      failed: module.state() === 'failed' ? Math.max(1, [...module.children.allTests('failed')].length) : 0,
    });
  }

  onTestRunEnd(): void {
    if (this.files.length === 0) return;
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`.padStart(7);
    const projects = [...new Set(this.files.map((f) => f.project))];
    const width = Math.max(10, ...projects.map((p) => p.length));
    const lines = projects.map((project) => {
      const mine = this.files.filter((f) => f.project === project);
      const wall = Math.max(...mine.map((f) => f.end)) - Math.min(...mine.map((f) => f.start));
      const busy = mine.reduce((sum, f) => sum + f.end - f.start, 0);
      const tests = mine.reduce((sum, f) => sum + f.tests, 0);
      const failed = mine.reduce((sum, f) => sum + f.failed, 0);
      return `  ${project.padEnd(width)} ${String(mine.length).padStart(4)} files ${String(tests).padStart(5)} tests  wall ${seconds(wall)}  busy ${seconds(busy)}${failed ? `  ${failed} FAILED` : ''}`;
    });
    const end = Math.max(...this.files.map((f) => f.end));
    console.log(
      [
        '',
        `Time per project (node ${process.version}):`,
        ...lines,
        `  set-up before the first file ${seconds(this.firstFile - this.runStart).trim()}, all files ${seconds(end - this.firstFile).trim()}, whole run ${seconds(Date.now() - this.runStart).trim()}`,
      ].join('\n'),
    );
    const slowest = Number(process.env.SHUTTLE_SLOWEST ?? 0);
    if (slowest > 0) {
      console.log(`The ${slowest} slowest files:`);
      for (const f of [...this.files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, slowest)) {
        console.log(
          `  ${seconds(f.end - f.start)}  ${f.project.padEnd(width)} ${f.file.replace(`${process.cwd()}/`, '')}`,
        );
      }
    }
  }
}
