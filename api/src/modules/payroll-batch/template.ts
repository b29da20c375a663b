import {
  CONCEPT_COLUMNS_NOTE,
  conceptKindLabel,
  formatCount,
  PAYROLL_FILE_COLUMNS,
  PAYROLL_LIMITS,
  PAYROLL_OPTIONAL_COLUMNS,
  PAYROLL_TEMPLATE_EXAMPLE,
  PAYROLL_TEMPLATE_SHEET,
} from '@planillas/domain'
import { uploadTemplate } from '../../lib/upload-template'

/**
 * The payroll template: sheet 'Planilla' and its notes, with the bank codes, the optional columns
 * (concepts of PLAME's table 22, days, hours, pension data) and the table 22 codes in force.
 */
export const payrollTemplate = (
  banks: { code: string; name: string }[],
  concepts: { code: string; description: string; kind: number }[] = [],
) =>
  uploadTemplate({
    sheetName: PAYROLL_TEMPLATE_SHEET,
    columns: PAYROLL_FILE_COLUMNS,
    textColumns: new Set(['identifier', 'bankCode', 'bankAccount', 'bankInterAccount']),
    example: [...PAYROLL_TEMPLATE_EXAMPLE],
    important: [
      'Llene la hoja "Planilla" desde la fila 2 y reemplace la fila de ejemplo; no cambie los encabezados de las columnas A a G.',
      `Máximo ${formatCount(PAYROLL_LIMITS.maxRows)} filas de datos y 20 MB por archivo. Guarde como "Libro de Excel (.xlsx)".`,
      'Escriba valores, no fórmulas. Si una fila tiene errores no se registra nada: corrija el archivo y vuelva a cargarlo.',
      'Columnas opcionales: puede agregar, después de la columna G y en cualquier orden, los conceptos de la planilla (una columna por código de la tabla 22 de PLAME) y las columnas de jornada y régimen pensionario descritas arriba. Sirven para el detalle de cada línea, los archivos del PLAME y la hoja de AFPnet; sin ellas el archivo se carga como siempre.',
    ],
    optionalColumns: {
      title: 'Columnas opcionales',
      columns: [
        { header: '0121, 0201 … (conceptos)', note: CONCEPT_COLUMNS_NOTE },
        ...PAYROLL_OPTIONAL_COLUMNS.map((c) => ({ header: c.header, note: c.note })),
      ],
    },
    codeLists: [
      { title: ['Código de banco', 'Banco'], rows: banks.map((b) => [b.code, b.name]) },
      {
        title: ['Concepto (tabla 22)', 'Descripción y tipo'],
        rows: concepts.map((c) => [c.code, `${c.description} (${conceptKindLabel[c.kind] ?? ''})`]),
      },
    ],
  })
