import {
  CONSTANCIA_LIMITS,
  CONSTANCIA_UPLOAD_MESSAGES,
  formatCount,
  SUNAT_CONSTANCIA_HEADER,
} from '@planillas/domain'
import type { ActionFunctionArgs } from 'react-router'
import { Link } from 'react-router'
import { guardOnlyLoader } from '~/auth.server'
import { FormNote, FormPage } from '~/components/form/form-layout'
import { UploadForm, UploadInput, useUploadResult } from '~/components/form/upload-form'
import { RouteErrorBoundary } from '~/components/ui/error-panel'
import { uploadAction } from '~/upload.server'
import { pageTitle } from '~/utils/page-title'

export const meta = pageTitle('Importar constancias de detracción')

export const loader = guardOnlyLoader('pagos_pagar')

/**
 * SUNAT's export of constancias goes to the API as it arrives; the API checks the file at once
 * (size, lines, header) and queues its import, and the list of loads follows it to its end: how
 * many were deposited and every row not recorded with its reason.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  uploadAction(request, {
    permission: 'pagos_pagar',
    path: '/constancia-batches',
    successTo: '/pagos/detracciones/constancias',
    message: CONSTANCIA_UPLOAD_MESSAGES.accepted,
    watch: 'constancias',
  })

/** 'Importar constancias': SUNAT's CSV of deposited detracciones, matched to the vouchers in the background. */
export default function ImportConstancias() {
  const { busy, messages } = useUploadResult()
  return (
    <FormPage title="Importar constancias de detracción">
      <FormNote>
        Cargue el archivo que descarga de SUNAT Operaciones en Línea, en «Consulta de constancias de
        depósito», tal como lo descarga (o guardado desde Excel como CSV). Se lee por los nombres de su
        encabezado, en cualquier orden, separado por «|», «;», coma o tabulación. Cada fila se empareja con un
        comprobante por R.U.C. del proveedor, tipo, serie y número de comprobante, y su monto con la
        detracción del comprobante; las que coinciden quedan depositadas con su constancia y fecha de pago. El
        archivo se procesa en segundo plano: sus resultados se ven en{' '}
        <Link to="/pagos/detracciones/constancias" className="font-medium underline">
          Cargas de constancias
        </Link>
        .
      </FormNote>
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-800">Columnas del archivo de SUNAT</summary>
        <p className="mt-2">
          El archivo trae estas {SUNAT_CONSTANCIA_HEADER.length} columnas; se usan «Numero Constancia», «RUC
          Proveedor», «Fecha Pago» (DD/MM/AAAA), «Monto Deposito» (soles con punto decimal, p. ej. 1250.00),
          «Tipo de Comprobante» (01 factura), «Serie de Comprobante» y «Numero de Comprobante», que deben
          estar; «Periodo Tributario» y «Tipo Bien» se leen si están.
        </p>
        <ol className="mt-2 list-decimal pl-6">
          {SUNAT_CONSTANCIA_HEADER.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ol>
      </details>
      <UploadForm errors={messages} cancelTo="/pagos/detracciones/constancias" busy={busy}>
        <UploadInput
          name="file"
          type="file"
          label="Archivo de constancias (.csv o .txt)"
          required
          wide
          accept=".csv,.txt,text/csv,text/plain"
          help={`Hasta ${CONSTANCIA_LIMITS.maxFileBytes / 1024 / 1024} MB y ${formatCount(CONSTANCIA_LIMITS.maxLines)} líneas. Si una fila está mal formada no se registra ninguna.`}
        />
      </UploadForm>
    </FormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
