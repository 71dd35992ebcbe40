import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const configFile = process.cwd() + '/vite.config.ts';
const out = [];
await build({
  configFile,
  logLevel: 'silent',
  build: { outDir: '/tmp/organiser/dist-analyze', write: true },
  plugins: [
    {
      name: 'dump',
      generateBundle(_, bundle) {
        for (const c of Object.values(bundle)) {
          if (c.type !== 'chunk') continue;
          const mods = Object.entries(c.modules)
            .map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace(/.*\/organiser\//, ''), m.renderedLength])
            .sort((a, b) => b[1] - a[1]);
          out.push({
            file: c.fileName,
            size: c.code.length,
            gz: gzipSync(c.code).length,
            imports: c.imports,
            dyn: c.dynamicImports.length,
            mods,
          });
        }
      },
    },
  ],
});
const want = process.argv.slice(2);
for (const c of out.sort((a, b) => b.gz - a.gz)) {
  if (want.length && !want.some((w) => c.file.includes(w))) continue;
  console.log(`${c.file} ${c.size} gz ${c.gz} imports ${c.imports.join(',')}`);
  for (const [id, n] of c.mods.slice(0, 25)) console.log(`    ${n.toString().padStart(7)} ${id}`);
}
