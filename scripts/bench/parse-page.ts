/**
 * What re-validating an API answer in the web would cost: one 100-row page of `POST /contracts/list`
 * (the API's response schema from the contract) parsed by zod, against the page's JSON.parse.
 * `npx tsx scripts/bench/parse-page.ts` (docs/performance.md, the API contract).
 */
import { ENDPOINTS } from '@planillas/domain'

const schema = ENDPOINTS['POST /contracts/list'].response
const row = {
  id: 1,
  number: 'CT-000001',
  employeeId: 3,
  employeeCode: 'COL-0003',
  identifierType: 1,
  identifier: '45123456',
  fullName: 'María Elena Quispe Mamani',
  companyId: 1,
  companyName: 'Empresa S.A.C.',
  areaId: 2,
  areaName: 'Ventas',
  positionId: 3,
  positionName: 'Analista',
  contractType: 1,
  startDate: '2026-01-01',
  finishDate: '2026-12-31',
  baseSalary: 2500,
  familyAllowance: true,
  familyAllowanceAmount: 113,
  totalSalary: 2613,
  status: 1,
  closedOn: null,
  closeReason: null,
  closedBy: null,
  renewsContractId: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  createdBy: 'rrhh@planillas.pe',
}
const page = {
  content: Array.from({ length: 100 }, (_, i) => ({ ...row, id: i + 1 })),
  totalElements: 1000,
  totalPages: 10,
}
const json = JSON.stringify(page)
const RUNS = 2000

function time(label: string, run: () => unknown) {
  for (let i = 0; i < 200; i++) run()
  const start = performance.now()
  for (let i = 0; i < RUNS; i++) run()
  console.log(`${label}: ${(((performance.now() - start) / RUNS) * 1000).toFixed(1)} µs per 100-row page`)
}

time('JSON.parse', () => JSON.parse(json))
time('zod parse', () => schema.parse(page))
