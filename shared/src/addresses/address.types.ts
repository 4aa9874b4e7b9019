/** docs/product.md#records, Address. Only status true is shown or selectable. */
export interface Address {
  _id: string;
  userId: string;
  name: string;
  building: string;
  address_line: string;
  district: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  mobile: string;
  /** A business buyer's GSTIN (docs/product.md#gst-return); null for a shopper. */
  gstin?: string | null;
  status: boolean;
  createdAt: string;
  updatedAt: string;
}
