// Packages' code rewritten as scripts/bundle-dist.js bundles it (issue 31: work a start of the API
// does and need not): each rewrite replaces one exact text of one file of a package, and the build
// fails when that text is not there exactly once (the package changed: look at it again).
'use strict';
const { readFileSync } = require('node:fs');
const { dirname } = require('node:path');

/** `source`, `file` of `packageName`, with each `[file, original, replacement]` of `rewrites` for it applied. */
function rewritten(packageName, file, source, rewrites) {
  let text = source;
  for (const [target, original, replacement] of rewrites) {
    if (target !== file) continue;
    const first = text.indexOf(original);
    if (first === -1 || text.indexOf(original, first + 1) !== -1) {
      throw new Error(
        `bundle-rewrites: ${packageName}/${file} no longer has, once, the code to replace:\n${original}`,
      );
    }
    text = text.slice(0, first) + replacement + text.slice(first + original.length);
  }
  return text;
}

/** An esbuild plugin loading the files of `packageName` that `rewrites` name through rewritten(). */
function rewritesPlugin(name, packageName, rewrites) {
  const files = [...new Set(rewrites.map(([file]) => file))];
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const filter = new RegExp(
    `[\\\\/]node_modules[\\\\/]${escape(packageName).replace(/\\\//g, '[\\\\/]')}[\\\\/](?:${files.map(escape).join('|').replace(/\\\//g, '[\\\\/]')})$`,
  );
  return {
    name,
    setup(build) {
      build.onLoad({ filter }, (args) => {
        const path = args.path.split(/[\\/]/).join('/');
        const file = files.find((candidate) => path.endsWith(`/node_modules/${packageName}/${candidate}`));
        return {
          contents: rewritten(packageName, file, readFileSync(args.path, 'utf8'), rewrites),
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

module.exports = { rewritten, rewritesPlugin };
