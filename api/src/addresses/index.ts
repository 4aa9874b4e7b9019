// What other folders may use of addresses/: its face (docs/architecture.md#the-apis-floors). Import addresses/ only from here.
export { toAddress } from './address-wire.js';
export { AddressesModule } from './addresses.module.js';
export { activeAddressIdsOf, activeAddressesOf, type AddressRow } from './addresses.repository.js';
export { deliveryPlaceOf, refuseUnserved, supplyStateOf } from './delivery.js';
export { loadPincodeDirectory, placeOf } from './pincode-directory.js';
export { keepNetworkAddress, type NetworkAddress } from './network-address.js';
