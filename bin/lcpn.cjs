#!/usr/bin/env node
// The `lcpn` command: runs the bundled CLI (built by `npm run build`).
require('../dist/cli.cjs');
