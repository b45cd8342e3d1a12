import { createContext, useContext } from "react";

/** The CSP nonce of this response (server only; browsers hide it after parsing). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
