/**
 * Types for socketlib (https://github.com/farling42/foundryvtt-socketlib), a Foundry module that
 * module.json requires. It is not an npm package, so its small API is declared here.
 *
 * socketlib creates the global `socketlib` in its own "init" hook and then calls the
 * "socketlib.ready" hook: register the module's socket there.
 *
 * Handlers must be `function`s (not arrows) to read the caller from `this.socketdata.userId`:
 * that id comes from Foundry's socket server, never from the payload, so it can be trusted.
 * Arguments and results travel as JSON.
 */
export {};

declare global {
  /** The `this` of every socketlib handler. */
  interface SocketlibHandlerContext {
    readonly socketdata: {
      /** The Foundry user id of the client that asked for this call. */
      readonly userId: string;
    };
  }

  /** A function registered with `SocketlibSocket.register`. */
  type SocketlibHandler<A extends unknown[] = never[], R = unknown> = (this: SocketlibHandlerContext, ...args: A) => R;

  /*
   * socketlib's error classes are not globals: reach them through `socketlib.errors`, e.g.
   * `err instanceof socketlib.errors.SocketlibNoGMConnectedError`.
   */
  interface SocketlibError extends Error {
    readonly name: string;
  }
  /** Thrown by `executeAsGM` (and rejected for pending requests) when no GM is connected. */
  interface SocketlibNoGMConnectedError extends SocketlibError {
    readonly name: string;
  }
  /** Thrown by `executeAsUser` when the target user is unknown or not connected. */
  interface SocketlibInvalidUserError extends SocketlibError {
    readonly name: string;
  }
  /** The handler name is not registered (locally or on the remote client). */
  interface SocketlibUnregisteredHandlerError extends SocketlibError {
    readonly name: string;
  }
  /** The handler threw on the remote client. */
  interface SocketlibRemoteException extends SocketlibError {
    readonly name: string;
  }
  interface SocketlibInternalError extends SocketlibError {
    readonly name: string;
  }
  interface SocketlibErrorClass<E extends SocketlibError> {
    new (message?: string): E;
    readonly prototype: E;
  }

  interface SocketlibErrors {
    readonly SocketlibError: SocketlibErrorClass<SocketlibError>;
    readonly SocketlibNoGMConnectedError: SocketlibErrorClass<SocketlibNoGMConnectedError>;
    readonly SocketlibInvalidUserError: SocketlibErrorClass<SocketlibInvalidUserError>;
    readonly SocketlibUnregisteredHandlerError: SocketlibErrorClass<SocketlibUnregisteredHandlerError>;
    readonly SocketlibRemoteException: SocketlibErrorClass<SocketlibRemoteException>;
    readonly SocketlibInternalError: SocketlibErrorClass<SocketlibInternalError>;
  }

  interface SocketlibSocket {
    /** Registers `func` under `name`; every client must register the same names. */
    register<A extends unknown[], R>(name: string, func: SocketlibHandler<A, R>): void;

    /**
     * Runs the handler on one connected GM's client (locally if this client is a GM) and
     * resolves with its result. Throws `SocketlibNoGMConnectedError` when no GM is connected.
     */
    executeAsGM<R = unknown>(handler: string, ...args: unknown[]): Promise<Awaited<R>>;
    executeAsGM<A extends unknown[], R>(handler: SocketlibHandler<A, R>, ...args: A): Promise<Awaited<R>>;

    /** Runs the handler on one user's client and resolves with its result. */
    executeAsUser<R = unknown>(handler: string, userId: string, ...args: unknown[]): Promise<Awaited<R>>;
    executeAsUser<A extends unknown[], R>(
      handler: SocketlibHandler<A, R>,
      userId: string,
      ...args: A
    ): Promise<Awaited<R>>;

    /** Runs the handler on every GM's client, this one included if it is a GM. No result. */
    executeForAllGMs(handler: string, ...args: unknown[]): Promise<void>;
    executeForAllGMs<A extends unknown[]>(handler: SocketlibHandler<A>, ...args: A): Promise<void>;

    /** Runs the handler on every GM's client except this one. No result. */
    executeForOtherGMs(handler: string, ...args: unknown[]): Promise<void>;
    executeForOtherGMs<A extends unknown[]>(handler: SocketlibHandler<A>, ...args: A): Promise<void>;

    /** Runs the handler on every connected client, this one included. No result. */
    executeForEveryone(handler: string, ...args: unknown[]): Promise<void>;
    executeForEveryone<A extends unknown[]>(handler: SocketlibHandler<A>, ...args: A): Promise<void>;

    /** Runs the handler on every connected client except this one. No result. */
    executeForOthers(handler: string, ...args: unknown[]): Promise<void>;
    executeForOthers<A extends unknown[]>(handler: SocketlibHandler<A>, ...args: A): Promise<void>;

    /** Runs the handler on the listed users' clients (this one too if listed). No result. */
    executeForUsers(handler: string, recipients: readonly string[], ...args: unknown[]): Promise<void>;
    executeForUsers<A extends unknown[]>(
      handler: SocketlibHandler<A>,
      recipients: readonly string[],
      ...args: A
    ): Promise<void>;
  }

  interface Socketlib {
    /** Returns the module's socket, or undefined (with a console error) if it is not active. */
    registerModule(moduleId: string): SocketlibSocket | undefined;
    registerSystem(systemId: string): SocketlibSocket | undefined;
    readonly modules: Map<string, SocketlibSocket>;
    readonly system: SocketlibSocket | undefined;
    readonly errors: SocketlibErrors;
  }

  /** Set by socketlib during "init"; undefined when the socketlib module is not active. */
  var socketlib: Socketlib | undefined;
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** Called by socketlib at the end of its "init" hook: register sockets here. */
      "socketlib.ready": () => void;
    }
  }
}
