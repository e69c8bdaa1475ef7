/** Felix defaults (FelixConfiguration VXLANVNI, VXLANPort), read by the loader and shown by the edit forms. @see DATAPATH-FACTS §1.3 [C5] */
export const FELIX_VXLAN_VNI = 4096;
export const FELIX_VXLAN_PORT = 4789;
