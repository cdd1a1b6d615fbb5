// Tables of the cart module.
export {};
