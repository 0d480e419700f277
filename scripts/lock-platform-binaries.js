#!/usr/bin/env node
/**
 * The package registry these machines reach holds only the Linux builds of native packages
 * (@swc/core-*, @unrs/resolver-binding-*). `npm install` then leaves the other platforms' optional
 * packages out of package-lock.json, and `npm ci` refuses a lock file that misses them. This adds
 * an entry for each missing optional platform package, with its os and cpu, so npm ci skips them
 * on Linux as it would on any registry. Run it after every `npm install`: `npm run lock:platforms`.
 */
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const OSES = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix'];
const CPUS = ['arm64', 'x64', 'arm', 'ppc64', 's390x', 'ia32', 'loong64', 'riscv64', 'wasm32'];

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `${location ? `${location}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[target] || lock.packages[hoisted]) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.find((p) => OSES.includes(p));
    const cpu = parts.find((p) => CPUS.includes(p));
    if (!os || !cpu) continue; // not a platform build: leave it to npm
    const libc =
      parts.includes('musl') || parts.includes('musleabihf')
        ? ['musl']
        : parts.includes('gnu')
          ? ['glibc']
          : undefined;
    lock.packages[hoisted] = {
      version,
      cpu: [cpu],
      ...(libc ? { libc } : {}),
      license: entry.license,
      optional: true,
      os: [os],
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform packages recorded`);
