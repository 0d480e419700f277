// The two rewrites scripts/bundle-dist.js makes of esbuild's output (test/bundle-source-map.spec.ts).
'use strict';
const { decode, encode } = require('@jridgewell/sourcemap-codec');

/**
 * The source map without node_modules' code, and with one segment per original line: Node decodes
 * the whole map into an array per segment the first time a stack trace is formed (some 15 MB for
 * esbuild's 150,000 segments), and a stack trace needs lines, not columns. Code of node_modules is
 * left unmapped: its frames show the bundle's line and column, and their function names.
 */
function ownMappingsOnly(map, shiftColumn) {
  const newIndex = [];
  const sources = [];
  map.sources.forEach((source, index) => {
    if (!source.split('/').includes('node_modules')) newIndex[index] = sources.push(source) - 1;
  });
  const names = [];
  const nameIndex = new Map();
  const lines = decode(map.mappings).map((segments, line) => {
    const kept = [];
    let last; // the last segment kept on this line: undefined, 'unmapped' or `${source}:${line}`
    for (const [generated, source, sourceLine, sourceColumn, name] of segments) {
      const own = source === undefined ? undefined : newIndex[source];
      const key = own === undefined ? 'unmapped' : `${own}:${sourceLine}`;
      if (key === last || (key === 'unmapped' && last === undefined)) continue;
      last = key;
      const column = shiftColumn(line, generated);
      if (own === undefined) kept.push([column]);
      else if (name === undefined) kept.push([column, own, sourceLine, sourceColumn]);
      else kept.push([column, own, sourceLine, sourceColumn, keptName(name)]);
    }
    return kept;
  });
  return { ...map, sources, names, mappings: encode(lines) };

  function keptName(name) {
    let index = nameIndex.get(name);
    if (index === undefined) nameIndex.set(name, (index = names.push(map.names[name]) - 1));
    return index;
  }
}

/**
 * The bundle in ASCII only, and how far each column of its lines moved. esbuild escapes the
 * characters of strings but leaves those of regular expressions (validator's alphabets): one such
 * character makes V8 hold the whole 6 MB source in two bytes a character instead of one. A `\\uXXXX`
 * escape per UTF-16 unit means the same in a regular expression, with or without the u flag.
 */
function asciiOnly(source) {
  const moved = new Map(); // line -> [column where a character was escaped, ...]
  const lines = source.split('\n').map((text, line) => {
    if (!/[^\x00-\x7f]/.test(text)) return text;
    const columns = [];
    let out = '';
    for (let column = 0; column < text.length; column++) {
      const code = text.charCodeAt(column);
      if (code <= 0x7f) {
        out += text[column];
        continue;
      }
      columns.push(column);
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    }
    moved.set(line, columns);
    return out;
  });
  const shiftColumn = (line, column) => {
    const columns = moved.get(line);
    if (!columns) return column;
    let before = 0;
    while (before < columns.length && columns[before] < column) before++;
    return column + 5 * before;
  };
  return { text: lines.join('\n'), shiftColumn };
}

module.exports = { asciiOnly, ownMappingsOnly };
