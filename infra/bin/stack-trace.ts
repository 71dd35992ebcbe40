import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

/**
 * `node --import tsx infra/bin/stack-trace.ts MAP [TRACE]`: rewrites a stack trace from a
 * function's logs (a file, or standard input) with the positions in the repository's sources,
 * using the function's source map from the stack's `SourceMaps` bucket (docs/DEPLOY.md,
 * "Reading a production stack trace"). Each `index.mjs:LINE:COLUMN` becomes
 * `path/in/repo.ts:LINE:COLUMN`, with the original name when the map has one; the rest of the
 * text is kept. Node's own source-map reader (`node:module`), no dependency.
 */
export function mapStackTrace(trace: string, map: unknown): string {
  const sourceMap = new SourceMap(map as ConstructorParameters<typeof SourceMap>[0]);
  return trace.replace(
    /(?:file:\/\/)?(?:\/var\/task\/)?index\.mjs:(\d+):(\d+)/g,
    (whole, line: string, column: string) => {
      // Stack traces count lines and columns from 1; the map from 0.
      const entry = sourceMap.findEntry(Number(line) - 1, Number(column) - 1) as {
        originalSource?: string;
        originalLine?: number;
        originalColumn?: number;
        name?: string;
      };
      if (entry.originalSource === undefined) return whole;
      const at = `${entry.originalSource}:${entry.originalLine! + 1}:${entry.originalColumn! + 1}`;
      return entry.name ? `${at} [${entry.name}]` : at;
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mapFile, traceFile] = process.argv.slice(2);
  if (!mapFile) {
    console.error('Usage: node --import tsx infra/bin/stack-trace.ts MAP [TRACE]   (the trace on stdin if no file)');
    process.exit(2);
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as unknown;
  const trace = readFileSync(traceFile ?? 0, 'utf8');
  process.stdout.write(mapStackTrace(trace, map));
}
