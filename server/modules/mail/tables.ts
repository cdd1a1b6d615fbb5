// Tables of the mail module.
export {};
