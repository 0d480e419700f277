#!/usr/bin/env node
// After `tsc -p tsconfig.build.json`: files the compiled app serves as they are (tsc copies only
// what it compiles) go beside its compiled code, so `npm run start:prod` serves /audit too.
'use strict';
const { cpSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const ASSETS = ['apps/api/src/audit-page/assets'];

for (const folder of ASSETS) cpSync(join(root, folder), join(root, 'dist', folder), { recursive: true });
