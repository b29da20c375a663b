import type { BoletaConcept, BoletaData } from '@planillas/domain'

/**
 * The worked June 2026 boleta (AFP with commission on flow; docs/decisions/boletas.md): básico
 * 0121 S/ 2,500.00, asignación familiar 0201 S/ 113.00, AFP 0608 S/ 261.30, comisión 0601 S/ 40.50,
 * prima 0606 S/ 44.42 → net S/ 2,266.78; EsSalud 0804 S/ 235.17.
 */
export const JUNE_2026_CONCEPTS: BoletaConcept[] = [
  { code: '0121', description: 'Remuneración o jornal básico', kind: 1, amountCents: 250_000 },
  { code: '0201', description: 'Asignación familiar', kind: 1, amountCents: 11_300 },
  { code: '0601', description: 'Comisión AFP porcentual', kind: 2, amountCents: 4_050 },
  { code: '0606', description: 'Prima de seguro AFP', kind: 2, amountCents: 4_442 },
  { code: '0608', description: 'SPP - Aportaciones obligatorias', kind: 2, amountCents: 26_130 },
  { code: '0804', description: 'ESSALUD - Seguro regular trabajador', kind: 3, amountCents: 23_517 },
]

export const JUNE_2026_BOLETA: BoletaData = {
  lineId: 1,
  payrollCode: 'PL-2026-06',
  payrollName: 'Planilla junio 2026',
  period: '202606',
  employer: { ruc: '20100070970', name: 'Comercial Andina S.A.C.', source: 'contract' },
  worker: {
    fullName: 'Quispe Mamani, Rosa Elena',
    identifierType: 1,
    identifier: '45871236',
    entryDate: '2024-03-01',
    position: 'Analista contable',
  },
  daysWorked: 30,
  ordinaryMinutes: 14_400,
  overtimeMinutes: 150,
  concepts: JUNE_2026_CONCEPTS,
  amountCents: 226_678,
  paidDate: '2026-06-30',
}
