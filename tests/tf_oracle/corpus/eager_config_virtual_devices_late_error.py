# mode: eager
# checks: virtual CPUs configured after the runtime started (a logical device list was asked for) are TensorFlow's RuntimeError
import tensorflow as tf

cpus = tf.config.list_physical_devices("CPU")
print(len(tf.config.list_logical_devices()))
tf.config.experimental.set_virtual_device_configuration(cpus[0], [tf.config.experimental.VirtualDeviceConfiguration()] * 2)
