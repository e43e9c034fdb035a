# mode: eager
# checks: tf.config's device lists on a CPU-only machine; virtual CPUs configured before any op become logical devices
import tensorflow as tf

cpus = tf.config.list_physical_devices("CPU")
print(cpus)
print(tf.config.list_physical_devices("GPU"))
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration(),
                                                     tf.config.LogicalDeviceConfiguration()])
print(tf.config.list_logical_devices())
print([d.name for d in tf.config.list_logical_devices("CPU")])
print(tf.config.get_logical_device_configuration(cpus[0])[0])
print(tf.config.experimental.list_physical_devices()[0].device_type, tf.config.list_logical_devices("GPU"))
x = tf.constant([1.0, 2.0])
print(x.device.endswith("CPU:0"), tf.config.functions_run_eagerly())
