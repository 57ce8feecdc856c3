// Runs a wasm32-wasip1 program under Node.js's WASI (node:wasi), as Cargo's runner for that
// target (.cargo/config.toml): `node js/wasi.mjs program.wasm [arguments...]`. Its exit code is
// the program's; the program sees the environment, and no files.
import { readFile } from "node:fs/promises";
import process from "node:process";
import { WASI } from "node:wasi";

const [program, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: "preview1",
  args: [program, ...args],
  env: process.env,
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
