// Tables of the discounts module.
export {};
