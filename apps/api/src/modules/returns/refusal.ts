/** A refusal of a request, with the status and message the route answers. */
export class ReturnRefusal extends Error {
  constructor(
    readonly status: 404 | 409 | 400,
    message: string,
  ) {
    super(message);
  }
}
