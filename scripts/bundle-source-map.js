// The two rewrites scripts/bundle-dist.js makes of esbuild's output (test/bundle-source-map.spec.ts).
'use strict';

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
  // Fields are relative to the previous segment's: decoded ones to the map's, encoded to the kept.
  const read = { source: 0, line: 0, column: 0, name: 0 };
  const written = { source: 0, line: 0, column: 0, name: 0 };
  const lines = map.mappings.split(';').map((group, line) => {
    let generated = 0;
    let writtenGenerated = 0;
    let last; // the last segment written on this line: undefined, 'unmapped' or `${source}:${line}`
    const out = [];
    for (const segment of group ? group.split(',') : []) {
      const fields = decodeVlq(segment);
      generated += fields[0];
      let key = 'unmapped';
      if (fields.length >= 4) {
        read.source += fields[1];
        read.line += fields[2];
        read.column += fields[3];
        if (fields.length === 5) read.name += fields[4];
        if (newIndex[read.source] !== undefined) key = `${newIndex[read.source]}:${read.line}`;
      }
      if (key === last || (key === 'unmapped' && last === undefined)) continue;
      last = key;
      const column = shiftColumn(line, generated);
      const encoded = [column - writtenGenerated];
      writtenGenerated = column;
      if (key !== 'unmapped') {
        const source = newIndex[read.source];
        encoded.push(source - written.source, read.line - written.line, read.column - written.column);
        Object.assign(written, { source, line: read.line, column: read.column });
        if (fields.length === 5) {
          let index = nameIndex.get(read.name);
          if (index === undefined) nameIndex.set(read.name, (index = names.push(map.names[read.name]) - 1));
          encoded.push(index - written.name);
          written.name = index;
        }
      }
      out.push(encodeVlq(encoded));
    }
    return out.join(',');
  });
  return { ...map, sources, names, mappings: lines.join(';') };
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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(values) {
  let out = '';
  for (const value of values) {
    let rest = value < 0 ? (-value << 1) | 1 : value << 1;
    do {
      let digit = rest & 31;
      rest >>>= 5;
      if (rest) digit |= 32;
      out += BASE64[digit];
    } while (rest);
  }
  return out;
}

module.exports = { asciiOnly, ownMappingsOnly };
