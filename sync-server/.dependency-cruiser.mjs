// The server's imports run one way (docs/architecture.md, "Layers"): no file imports, directly or
// through others, a file that imports it, and no folder of src/ does so either. Type-only imports
// count too (tsPreCompilationDeps): a type pointing back up a layer is a cycle of design even
// though the compiler erases it. Run by `npm run check:cycles`, which `npm run lint` (and so
// `npm test` and CI) runs.
//
// Test files are left out: nothing imports them, so they can sit on no cycle of files, and a test
// importing the app it tests says nothing about the layers.

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment:
        'A file of sync-server/src imports, directly or through others, a file importing it.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'A folder of sync-server/src imports, through its files, a folder that imports it back: ' +
        'move the shared piece down a layer (kernel/, db/, http/, auth/) instead.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
