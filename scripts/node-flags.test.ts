import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NODE_FLAGS, type ServerName } from './server-build'

/**
 * Each process runs with the same node flags wherever it is started: `NODE_FLAGS` is what the
 * cluster and the benches use, and the Dockerfile, docker-compose and `npm run start:*` must say the
 * same, or a memory or throughput figure measured here is not the deployed one.
 */
const root = new URL('../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** `node <flags> dist/server/<name>.mjs` as words. */
const command = (name: ServerName) => ['node', ...NODE_FLAGS[name], `dist/server/${name}.mjs`]

/** Every command line in `text` that starts the built `name`, as words. */
function commandsOf(text: string, name: ServerName, pattern: RegExp): string[][] {
  return [...text.matchAll(pattern)]
    .map((match) => match[1])
    .filter((line) => line.includes(`dist/server/${name}.mjs`))
    .map((line) => line.split(/[\s",[\]]+/).filter(Boolean))
}

describe('the node flags of each process', () => {
  const names = Object.keys(NODE_FLAGS) as ServerName[]

  it.each(names)('%s: docker-compose runs it with them', (name) => {
    const commands = commandsOf(read('docker-compose.yml'), name, /^\s*command:\s*(\[.*\])\s*$/gm)
    expect(commands).toEqual([command(name)])
  })

  it.each(names)("%s: the Dockerfile's list of roles names them", (name) => {
    const commands = commandsOf(read('Dockerfile'), name, /^#\s+\w+\s+(node .*?\.mjs)/gm)
    expect(commands).toEqual([command(name)])
  })

  it("the Dockerfile's default command is the API's", () => {
    const [cmd] = commandsOf(read('Dockerfile'), 'api', /^CMD\s+(\[.*\])\s*$/gm)
    expect(cmd).toEqual(command('api'))
  })

  it.each(['api', 'worker'] as const)('%s: npm run start:%s runs it with them', (name) => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>
    expect(scripts[`start:${name}`].split(/\s+/)).toEqual(command(name))
  })

  it("npm run bench:payment-file times the API's file builders under the API's flags", () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>
    const words = scripts['bench:payment-file'].split(/\s+/)
    const flags = words.filter((word) => word.startsWith('--max-'))
    expect(flags).toEqual([...NODE_FLAGS.api])
  })
})
