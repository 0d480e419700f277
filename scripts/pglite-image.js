#!/usr/bin/env node
// After `tsc -p tsconfig.build.json`: the pristine PGlite cluster image a new DATA_DIR starts from
// instead of running initdb (libs/read-models/src/pglite-images.ts), beside the compiled module.
'use strict';
const { join } = require('node:path');

const { writePristineImage, pristineImagePath } = require(
  join(__dirname, '..', 'dist', 'libs', 'read-models', 'src', 'pglite-images.js'),
);

writePristineImage().then(
  () => console.log(`dist: ${pristineImagePath().replace(join(__dirname, '..') + '/', '')}`),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
