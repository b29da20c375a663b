import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFiles, ROOT } from './project-files'

/**
 * One bank picker: the supplier form and 'Contratar' once listed banks in the API's order by their
 * bare name, while the employee form sorted them and named each with its short name ('Banco de
 * Crédito del Perú (BCP)'). Every form now takes its banks from `bankOptions` and shows them with
 * `BankField`; this test refuses a page that loads or lists the banks by itself again.
 */
const OPTIONS = 'remix/app/bank-options.server.ts'
const FIELD = 'remix/app/components/form/bank-field.tsx'

const webFiles = () => projectFiles('remix/app').filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))

const filesWith = (pattern: RegExp) =>
  webFiles().filter((f) => {
    try {
      return pattern.test(readFileSync(path.join(ROOT, f), 'utf8'))
    } catch {
      return false
    }
  })

describe('the bank picker', () => {
  it('loads the banks for a form only through bankOptions', () => {
    expect(filesWith(/'GET \/banks'/)).toEqual([OPTIONS])
  })

  it("shows a form's 'Banco' only through BankField", () => {
    expect(filesWith(/label="Banco"/)).toEqual([FIELD])
    expect(filesWith(/bankChoices\(/)).toEqual([OPTIONS])
  })
})
