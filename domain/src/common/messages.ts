/** Messages shared by the API and the web tier. */
export const MESSAGES = {
  generic: 'Ocurrió un error en la petición, por favor intenta nuevamente.',
  authState: 'Hubo un error al autenticar al usuario, por favor intenta nuevamente',
  saved: 'Se almacenó la información correctamente',
  statusUpdated: 'Estado actualizado correctamente',
  /** An upload recorded while the job queue (Redis) is unreachable: a worker starts it when it is back. */
  uploadQueued: 'La carga quedó en cola: se procesará cuando el servicio de colas esté disponible.',
  empty: 'No se encontraron resultados.',
  notFound: 'No se encontró el registro solicitado',
  unauthenticated: 'Su sesión ha expirado, por favor inicie sesión nuevamente',
  forbidden: 'No tiene permiso para realizar esta acción',
  confirmStatusTitle: 'Cambiar estado',
  confirmStatusBody: '¿Está seguro que desea cambiar el estado?',
  /** A form's body that cannot be read (a multipart without its boundary, cut short, empty). */
  malformedForm: 'El formulario llegó incompleto o mal formado. Vuelva a enviarlo desde la página.',
  /** The API's answer to a multipart body its parser cannot read (no boundary, cut short, malformed parts). */
  malformedMultipart:
    'El formulario enviado está incompleto o mal formado; vuelva a enviarlo desde la pantalla.',
} as const

/**
 * What the servers answer when a request cannot even be read (Node refuses it before any route):
 * too slow, headers too large, a path parameter too long, or not HTTP at all.
 */
export const CLIENT_ERROR_MESSAGES = {
  408: 'La petición tardó demasiado en llegar. Inténtelo nuevamente.',
  414: 'La dirección solicitada es demasiado larga.',
  431: 'Los encabezados de la petición son demasiado grandes.',
  400: 'La petición no es válida.',
} as const
